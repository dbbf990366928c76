import { CATEGORY_IMPORT_COLUMNS, IMPORT_CATEGORY_SEPARATOR, PRODUCT_IMPORT_COLUMNS } from '@laurel/contract';

/** The catalogue's own words; the contract holds the server's messages. */
export const CATALOGUE_TEXTS = {
  productsTitle: 'Products',
  productsSubtitle: 'What your business sells: subscriptions, challenges and earn rules pick from these.',
  categoriesTitle: 'Product Categories',
  categoriesSubtitle: 'Groups of products that subscriptions and earn rules can apply to as a whole.',
  addProduct: 'Add Product',
  addCategory: 'Add Category',
  importCsv: 'Import CSV',
  newProduct: 'Add Product',
  editProduct: 'Edit Product',
  newCategory: 'Add Category',
  editCategory: 'Edit Category',
  backToProducts: 'Back to Products',
  backToCategories: 'Back to Categories',
  searchProducts: 'Search products',
  searchProductsPlaceholder: 'Title, SKU or PID',
  searchCategories: 'Search categories',
  searchCategoriesPlaceholder: 'Category name',
  image: 'Image',
  imageHint: 'PNG, JPEG or SVG, up to 5 MB',
  removeImage: 'Remove image',
  deleteProductTitle: (title: string) => `Delete the product '${title}'?`,
  deleteCategoryTitle: (name: string) => `Delete the category '${name}'?`,
  deleteProductText: 'The product leaves the catalogue. Orders that name it keep their lines.',
  deleteCategoryText: 'The category is removed; its products stay in the catalogue, without it.',
  importProductsTitle: 'Import Products',
  importCategoriesTitle: 'Import Categories',
  importFile: 'CSV file',
  importPrompt: 'Drop a CSV file here or click to choose one',
  importValidOnly: 'Import valid rows only',
  chooseAnotherFile: 'Choose another file',
  importAnother: 'Import another file',
  reportTitle: 'Rows with errors',
  importedTitle: 'Import finished',
} as const;

/** Which columns each import reads (the server's rules, shown before a file is chosen). */
export const IMPORT_HELP = {
  products: {
    columns: PRODUCT_IMPORT_COLUMNS,
    required: ['title', 'sku', 'price'],
    example: `title,sku,pid,price,categories\nFlat White,FW-001,1001,38.50,Coffee${IMPORT_CATEGORY_SEPARATOR}Hot drinks`,
    note: `SKU is the key: a row creates its product or updates the one with that SKU, and a row that matches what is stored changes nothing. Categories are names separated by '${IMPORT_CATEGORY_SEPARATOR}' and must exist first.`,
  },
  categories: {
    columns: CATEGORY_IMPORT_COLUMNS,
    required: ['name'],
    example: 'name,description\nCoffee,Espresso drinks\nPastries,Baked every morning',
    note: 'The name is the key: a row creates its category or updates the one with that name.',
  },
} as const;
