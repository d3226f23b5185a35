// The faces thread (face-engine.ts starts it): reads the faces of one image per message.
import { serveThread } from '../../lib/thread-pool';
import { readFaces } from './face-model';

void serveThread(readFaces);
