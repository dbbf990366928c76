import { installFormIssueMessages } from '@laurel/contract';

// Imported for its effect by every module whose form checks parse with a contract schema (they load on a form's
// first edit, with zod; the entry bundle stays without it): a check the schema gives no message of its own says so
// plainly, naming the field ('Name must be at most 200 characters.'), never in zod's own English.
installFormIssueMessages();
