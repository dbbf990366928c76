import { API_PREFIX, exportCustomerData } from '@laurel/contract';
import { useCsvExport } from '@/api/csv-export';
import { buildPath } from '@/api/http-client';

/** The file name the server gives the export (`customer-<id>-data-<date>.json`). */
export const customerDataFileName = (customerId: string, at = new Date()) =>
  `customer-${customerId}-data-${at.toISOString().slice(0, 10)}.json`;

/**
 * 'Download data' on the profile's Privacy box: everything Laurel holds on the member, as one JSON file, through
 * the shared download flow (progress notification, saved by the browser). It needs no preparing step.
 */
export const useDownloadCustomerData = (customerId: string) => {
  const download = useCsvExport("Downloading the customer's data");
  return {
    running: download.running,
    run: () =>
      download.run(
        async () => ({
          success: true,
          content: {
            // The document alone, as the file the member is given (without it, the API's envelope around it).
            url: `${API_PREFIX}${buildPath(exportCustomerData.path, { id: customerId })}?download=true`,
            file_name: customerDataFileName(customerId),
          },
        }),
        { accept: 'application/json' },
      ),
  };
};
