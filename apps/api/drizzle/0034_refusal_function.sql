-- A statement that must refuse in the middle of a transaction (a redemption its balance or the stock does not cover)
-- calls this, so its caller can send the statement and COMMIT as one query: the error skips the COMMIT and the
-- transaction rolls back. SQLSTATE LR001 (fast-transaction.ts's REFUSED) tells a refusal from any other failure; the
-- message is its reason.
CREATE FUNCTION laurel_refuse(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'LR001', MESSAGE = reason;
END;
$$;
