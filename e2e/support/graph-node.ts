/** A node as POST /api/workflows takes it, labelled by its id: for specs that set up a workflow through the API. */
export const graphNode = (id: string, type: string, x: number, y: number, data: object = {}) => ({
  id,
  type,
  position: { x, y },
  data: { label: id, mode: "normal", params: {}, ...data },
});
