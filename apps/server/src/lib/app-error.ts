import { ERROR_STATUS, type ErrorCode } from '@app/shared/http/errors';

/** A failure the client caused or may see. The error handler turns it into a translated response. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      field?: string;
      /** Translation key of the field message, `errors:` namespace; defaults to the code. */
      messageKey?: string;
      vars?: Record<string, string | number>;
      retryAfter?: number;
      otpError?: boolean;
    } = {},
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');
