/** Multer reads file names as latin1; browsers send UTF-8 bytes: the name as the user gave it. */
export function utf8Name(file: { originalname: string }): string {
  const decoded = Buffer.from(file.originalname, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? file.originalname : decoded;
}
