// The modal and notification components, loaded on demand by overlay-hosts.tsx. Importing them through this module
// (not `import('@mantine/modals')`, a package the entry already reads `modals` from) gives them their own chunk.
export { ModalsProvider } from '@mantine/modals';
export { Notifications } from '@mantine/notifications';
