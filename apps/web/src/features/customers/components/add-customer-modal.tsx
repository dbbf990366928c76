import { ADD_CUSTOMER_MESSAGES, COMMON_MESSAGES } from '@laurel/contract';
import { Modal } from '@mantine/core';
import { useSession } from '@/api/use-session';
import { emptyCustomerValues, toAddCustomerRequest } from '@/features/customers/add-customer-values';
import { useAddCustomer } from '@/features/customers/api';
import { AddCustomerForm } from '@/features/customers/components/add-customer-form';
import { customerBranchRule } from '@/features/customers/customer-rules';
import { openMessageModal } from '@/ui/message-modal';

type TAddCustomerModalProps = { opened: boolean; onClose: () => void };

/**
 * 'Add Customer' (spec 1 §2.10): the branch follows the signed-in user's role. A failure opens 'Something went
 * wrong when adding a customer!' with the server's message (the mutation's error title) and keeps the form.
 */
export const AddCustomerModal = ({ opened, onClose }: TAddCustomerModalProps) => {
  const user = useSession()?.user;
  const add = useAddCustomer();
  if (!user) return null;
  const rule = customerBranchRule(user);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!add.isPending) onClose();
      }}
      title={ADD_CUSTOMER_MESSAGES.title}
      size="lg"
    >
      <AddCustomerForm
        initialValues={emptyCustomerValues()}
        branchRule={rule}
        busy={add.isPending}
        onCancel={onClose}
        onSubmit={(values) => {
          const branchId = rule.kind === 'fixed' ? rule.branchId : values.member_branch_id || null;
          if (rule.kind === 'required' && !branchId) {
            openMessageModal({
              title: ADD_CUSTOMER_MESSAGES.branchRequiredTitle,
              message: ADD_CUSTOMER_MESSAGES.branchRequired,
            });
            return;
          }
          add.mutate(toAddCustomerRequest(values, branchId), {
            onSuccess: (result) => {
              onClose();
              openMessageModal({ title: COMMON_MESSAGES.successEllipsis, message: result.message });
            },
          });
        }}
      />
    </Modal>
  );
};
