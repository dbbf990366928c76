import {
  activateFailedTitle,
  COMMON_MESSAGES,
  CUSTOMER_STATUS_MESSAGES,
  customerBlockAction,
  suspendFailedTitle,
  type TCustomerListItem,
} from '@laurel/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useSession } from '@/api/use-session';
import { useSetCustomerSuspended } from '@/features/customers/api';
import { maySuspendCustomers } from '@/features/customers/customer-rules';
import { openMessageModal } from '@/ui/message-modal';

type TBlockable = Pick<TCustomerListItem, '_id' | 'name' | 'surname' | 'status'>;

/**
 * Block/Unblock (spec 1 §4, §6): suspend unless already suspended, else activate, after a confirm. Without
 * CUSTOMERS.delete nothing is sent and the modal says so. Success shows 'Success...' and the lists reload.
 */
export const useBlockCustomer = () => {
  const user = useSession()?.user;
  const setSuspended = useSetCustomerSuspended();

  return (customer: TBlockable) => {
    const action = customerBlockAction(customer.status);
    const failedTitle = (action === 'suspend' ? suspendFailedTitle : activateFailedTitle)(
      customer.name,
      customer.surname,
    );
    if (!maySuspendCustomers(user)) {
      openMessageModal({ title: failedTitle, message: CUSTOMER_STATUS_MESSAGES.noSuspendPermission });
      return;
    }
    const fullName = `${customer.name} ${customer.surname}`;
    modals.openConfirmModal({
      title: action === 'suspend' ? 'Block customer?' : 'Unblock customer?',
      children: (
        <Text size="sm">
          {action === 'suspend'
            ? `${fullName} will be suspended: they stop earning and redeeming until you unblock them.`
            : `${fullName} will be active again.`}
        </Text>
      ),
      labels: { confirm: 'Yes, Continue', cancel: 'Cancel' },
      confirmProps: { color: action === 'suspend' ? 'red' : undefined },
      onConfirm: () =>
        setSuspended.mutate(
          { id: customer._id, suspended: action === 'suspend' },
          {
            onSuccess: (result) =>
              openMessageModal({ title: COMMON_MESSAGES.successEllipsis, message: result.message }),
            onError: (error) => openMessageModal({ title: failedTitle, message: error.message }),
          },
        ),
    });
  };
};
