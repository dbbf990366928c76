import { IconFileImport } from '@tabler/icons-react';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { CatalogueTabs } from '@/features/products/components/catalogue-tabs';
import { productPaths } from '@/features/products/product-paths';
import { LinkButton } from '@/ui/link-button';
import { PageHeading } from '@/ui/page-title';

type TCatalogueList = 'products' | 'categories';

const LISTS = {
  products: {
    title: CATALOGUE_TEXTS.productsTitle,
    subtitle: CATALOGUE_TEXTS.productsSubtitle,
    importPath: productPaths.importProducts,
    addPath: productPaths.newProduct,
    addLabel: CATALOGUE_TEXTS.addProduct,
  },
  categories: {
    title: CATALOGUE_TEXTS.categoriesTitle,
    subtitle: CATALOGUE_TEXTS.categoriesSubtitle,
    importPath: productPaths.importCategories,
    addPath: productPaths.newCategory,
    addLabel: CATALOGUE_TEXTS.addCategory,
  },
} as const;

/** A catalogue list's heading with the tabs between products and categories. */
export const CatalogueHeading = ({ list }: { list: TCatalogueList }) => (
  <>
    <PageHeading title={LISTS[list].title} subtitle={LISTS[list].subtitle} />
    <CatalogueTabs active={list} />
  </>
);

/** Import CSV and Add beside a catalogue list's search; the page shows them to those who may create. */
export const CatalogueActions = ({ list }: { list: TCatalogueList }) => (
  <>
    <LinkButton to={LISTS[list].importPath} variant="default" icon={IconFileImport}>
      {CATALOGUE_TEXTS.importCsv}
    </LinkButton>
    <LinkButton to={LISTS[list].addPath}>{LISTS[list].addLabel}</LinkButton>
  </>
);
