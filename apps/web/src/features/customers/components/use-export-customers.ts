import { requestCustomerExport } from '@laurel/contract';
import { useCsvExport } from '@/api/csv-export';
import { http } from '@/api/http';
import { sessionStore } from '@/api/session-store';
import { customerFilterQuery, type TCustomerListFilter } from '@/features/customers/api';

/** 'Export CSV' on the customers table (spec 1 §2.9): the table's filters, through the shared export flow. */
export const useExportCustomers = () => {
  const exporter = useCsvExport('Exporting customers');
  return {
    running: exporter.running,
    run: (filter: TCustomerListFilter) =>
      exporter.run(() =>
        http.call(requestCustomerExport, {
          body: { ...customerFilterQuery(filter), user_id: sessionStore.get()?.user._id },
        }),
      ),
  };
};
