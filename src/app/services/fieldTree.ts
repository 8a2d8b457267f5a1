/**
 * The two shapes a binding's fields take, once each. `FieldNode` is the tree every binding kind
 * reads into (a table's fields with a link's table's fields under it, an approval's variables, a
 * document's data source): names relative to their parent, what the Office tag check and the canvas
 * pickers walk. `FieldOption` is one entry of document mode's field panel, made from that tree: the
 * path a variable prints with, and the panel group it is listed under.
 */

export interface FieldNode {
  name: string;
  label: string;
  type: string;
  children?: FieldNode[];
  /** Keys are only known per record (signatures by person): any child name is accepted. */
  open?: boolean;
}

/** A field the template can print, with the path a variable uses. */
export interface FieldOption {
  path: string;
  label: string;
  type: string;
  group: string;
  /** A loop root (a link, a list): its items' fields, with paths relative to it. */
  children?: FieldOption[];
}

const LINK_TYPES = new Set(['singleLink', 'duplexLink']);

/**
 * A table's field tree as field-panel entries: a link's children are the linked table's fields
 * (relative names, without its own links: loops do not nest in the field list).
 */
export function fieldOptions(nodes: readonly FieldNode[], group: string): FieldOption[] {
  return nodes.map((node) => {
    const option: FieldOption = { path: node.name, label: node.label, type: node.type, group };
    if (node.children && LINK_TYPES.has(node.type))
      option.children = fieldOptions(
        node.children.filter((child) => !LINK_TYPES.has(child.type)),
        node.name,
      );
    return option;
  });
}
