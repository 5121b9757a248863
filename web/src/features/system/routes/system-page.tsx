// Replaced by the master-data screen (issue 4); until then the shared placeholder.
export { default } from '@/app/routes/placeholder'
