// Loaded into the browser tests' server process (node --import) when E2E_CLOCK_FILE is set: the
// process's clock (Date, and so the embedded database's now(), which reads it) runs ahead of the real
// one by the offset in that file, in milliseconds. e2e/fixtures/server-clock.ts moves it, so a test
// waits for no real minute to pass. The product itself never loads this file.
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 100).unref();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
