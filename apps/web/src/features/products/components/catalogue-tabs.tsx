import { Tabs } from '@mantine/core';
import { IconCategory, IconPackage } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { productPaths } from '@/features/products/product-paths';

type TTab = 'products' | 'categories';

/** Products and their categories are two pages of one catalogue; the tabs move between them. */
export const CatalogueTabs = ({ active }: { active: TTab }) => {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(tab) =>
        void navigate(tab === 'categories' ? productPaths.categories : productPaths.products)
      }
    >
      <Tabs.List>
        <Tabs.Tab value="products" leftSection={<IconPackage size={16} aria-hidden />}>
          {CATALOGUE_TEXTS.productsTitle}
        </Tabs.Tab>
        <Tabs.Tab value="categories" leftSection={<IconCategory size={16} aria-hidden />}>
          Categories
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
};
