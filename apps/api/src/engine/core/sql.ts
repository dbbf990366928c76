/** The engine's raw-SQL helpers are the database's own. */
export { arrayParam, rowsOf } from '../../db/raw-sql';
