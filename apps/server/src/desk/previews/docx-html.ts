import { pictureBudget } from './picture-budget.js';

/**
 * A Word document (.docx) as HTML by mammoth: headings, paragraphs, lists, tables, emphasis and links as
 * the document's styles mean them; pictures carried as `data:` addresses while they fit its budget.
 */
export async function docxToHtml(bytes: Buffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const pictures = pictureBudget();
  const result = await mammoth.convertToHtml(
    { buffer: bytes },
    {
      convertImage: mammoth.images.imgElement(async (image) => {
        const data = await image.readAsBase64String();
        // Base64 is a third larger than the bytes.
        if (!pictures.takes(Math.ceil((data.length * 3) / 4))) return { src: '' };
        return { src: `data:${image.contentType};base64,${data}` };
      }),
    },
  );
  return result.value;
}
