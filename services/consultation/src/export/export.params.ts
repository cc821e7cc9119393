import { Injectable, type PipeTransform } from '@nestjs/common';
import { EXPORT_FORMATS, ExportCrsInput, type ExportCrs, type ExportFormat } from '@agora/contracts/api';
import { ExportErrors } from './export.service.js';

/** `@Param('format', ExportFormatPipe)`: csv or geojson; 400 `CONSULTATION.EXPORT_FORMAT` otherwise. */
@Injectable()
export class ExportFormatPipe implements PipeTransform<string | undefined, ExportFormat> {
  transform(value: string | undefined): ExportFormat {
    const format = EXPORT_FORMATS.find((f) => f === value);
    if (!format) throw ExportErrors.format();
    return format;
  }
}

/** `@Param('crs', ExportCrsPipe)`: 4326 (also when absent), 2100 or 3857; 400 `CONSULTATION.EXPORT_CRS` otherwise. */
@Injectable()
export class ExportCrsPipe implements PipeTransform<string | undefined, ExportCrs> {
  transform(value: string | undefined): ExportCrs {
    if (value === undefined) return 4326;
    const parsed = ExportCrsInput.safeParse(value);
    if (!parsed.success) throw ExportErrors.crs();
    return parsed.data;
  }
}
