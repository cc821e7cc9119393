/** The thumbnail (or, lacking one, the image itself) and title of a library item on a grid card. */
export function ItemFigure({
  item,
}: {
  item: {
    thumbnail?: string | null;
    resource: string;
    alt_text: string;
    tooltip?: string | null;
    title: string;
  };
}) {
  return (
    <figure>
      <img
        src={item.thumbnail ?? item.resource}
        alt={item.alt_text}
        title={item.tooltip || undefined}
        loading="lazy"
      />
      <figcaption>{item.title}</figcaption>
    </figure>
  );
}
