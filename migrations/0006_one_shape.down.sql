-- Nothing to undo: the builds before 0006_one_shape read the shapes it
-- leaves (bare job results, cache rows of schema 3), and the rows it
-- failed or deleted cannot be restored.
SELECT 1;
