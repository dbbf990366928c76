import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * Shown above the permission grid while no feature is ticked for View. The spec lets an admin choose permissions
 * freely and gives every flag false by default (spec 1 §3), so the save stays allowed; this says what it means
 * (worded without the sidebar's labels, which a reader looking for them should find once).
 */
export const NoFeaturesWarning = () => (
  <Alert
    variant="light"
    color="orange"
    role="status"
    icon={<IconAlertTriangle size={18} aria-hidden />}
    title="This user can open no feature yet"
    mb="sm"
  >
    No feature is ticked for View, so they will see only the home page and their own account. Tick View for
    each feature they should work with.
  </Alert>
);
