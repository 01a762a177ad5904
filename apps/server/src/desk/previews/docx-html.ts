/** Pictures larger than this are left out of a Word document's preview (the page would grow huge). */
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/**
 * A Word document (.docx) as HTML by mammoth: headings, paragraphs, lists, tables, emphasis and links as
 * the document's styles mean them; pictures carried as `data:` addresses when small enough.
 */
export async function docxToHtml(bytes: Buffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.convertToHtml(
    { buffer: bytes },
    {
      convertImage: mammoth.images.imgElement(async (image) => {
        const data = await image.readAsBase64String();
        // Base64 is a third larger than the bytes.
        if (data.length > (MAX_PICTURE_BYTES * 4) / 3) return { src: '' };
        return { src: `data:${image.contentType};base64,${data}` };
      }),
    },
  );
  return result.value;
}
