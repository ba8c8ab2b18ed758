import { deflateSync } from 'node:zlib';

/**
 * Hand-written PDFs for the receipt tests: a real document with an xref table, a Helvetica line and a coloured box
 * on each page (so the first page is visibly not blank), and the hostile variants a checker must refuse.
 */
export type PdfOptions = {
  pages?: number;
  /** The page size in points (A4 by default). */
  size?: [number, number];
  /** The content stream of every page; by default a blue box and a line of text. */
  content?: string;
  /** An /OpenAction that runs JavaScript when the file is opened. */
  javascript?: boolean;
  /** An image XObject declared this large (its data is a few bytes): a decompression bomb in waiting. */
  image?: { width: number; height: number };
};

export const RECEIPT_CONTENT = '0 0.3 0.8 rg 60 600 300 120 re f BT /F1 28 Tf 72 520 Td (Transfer 1000 TRY) Tj ET';

export function makePdf(opts: PdfOptions = {}): Buffer {
  const pages = opts.pages ?? 1;
  const [w, h] = opts.size ?? [595, 842];
  const content = opts.content ?? (opts.image ? '/Im1 Do' : RECEIPT_CONTENT);
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);

  const catalog = add(''); // filled below, once the page tree's number is known
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const action = opts.javascript ? add("<< /S /JavaScript /JS (app.alert\\('paid'\\);) >>") : 0;
  const image = opts.image
    ? add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${opts.image.width} /Height ${opts.image.height} ` +
            '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
          deflateSync(Buffer.alloc(64)),
        ),
      )
    : 0;
  const kids: number[] = [];
  for (let i = 0; i < pages; i++) {
    const contents = add(stream('', Buffer.from(content, 'latin1')));
    const xobject = image ? ` /XObject << /Im1 ${image} 0 R >>` : '';
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${w} ${h}] ` +
          `/Resources << /Font << /F1 ${font} 0 R >>${xobject} >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(
    `<< /Type /Catalog /Pages ${tree} 0 R${action ? ` /OpenAction ${action} 0 R` : ''} >>`,
    'latin1',
  );
  objects[tree - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`,
    'latin1',
  );

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(obj);
    at += obj.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

export const pdfReceipt = (body = makePdf()) => ({ filename: 'receipt.pdf', type: 'application/pdf', body });
