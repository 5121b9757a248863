import { useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirm, confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useCopyProduct } from '../api/copy-product'
import { useDeleteProduct } from '../api/delete-product'
import { useProducts, type Product } from '../api/get-products'
import { ProductFormDialog } from '../components/product-form-dialog'
import { productColumns } from '../components/products-columns'
import { ProductsToolbar } from '../components/products-toolbar'
import { useProductFilters } from '../components/use-product-filters'
import '../components/products.css'

type Editing = { product: Product | null } | null

/** /product/index: product management. */
export default function ProductsPage() {
  const { t } = useTranslation('products')
  const { filters, setFilters } = useProductFilters()
  const list = useProducts(filters)
  const { mutate: removeProduct } = useDeleteProduct()
  const { mutate: copyProduct } = useCopyProduct()
  const [editing, setEditing] = useState<Editing>(null)

  useKeepPageInRange(list.data?.total, filters, setFilters)

  const columns = useMemo(
    () =>
      productColumns(t, {
        onEdit: (row) => setEditing({ product: row }),
        onDelete: async (row) => {
          if (!(await confirmDelete(t('deleteWhat', { name: row.productName })))) return
          removeProduct(row.id, { onSuccess: () => toast.success(t('deleted')) })
        },
        onCopy: async (row) => {
          if (!(await confirm(t('copyConfirm')))) return
          copyProduct(row.id, { onSuccess: () => toast.success(t('copied')) })
        },
      }),
    [t, removeProduct, copyProduct],
  )

  return (
    <div className="page">
      <div className="card">
        <ProductsToolbar filters={filters} onSearch={setFilters} onAdd={() => setEditing({ product: null })} />
      </div>
      <div className="card">
        <div className="products-table">
          <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('title')} />
        </div>
        <Pagination
          total={list.data?.total ?? 0}
          page={filters.page}
          pageSize={filters.limit}
          onChange={(page, limit) => setFilters({ page, limit })}
        />
      </div>
      <ProductFormDialog open={editing !== null} product={editing?.product ?? null} onClose={() => setEditing(null)} />
    </div>
  )
}
