import type { FastifyInstance } from 'fastify';
import {
  passwordConfirmBody,
  recoveryCodesResponse,
  twoStepDisableBody,
  twoStepEnableBody,
  twoStepSetupResponse,
} from '@app/shared/passport/schemas';
import { signedIn } from '../sessions/current-account';
import { disableTwoStep, enableTwoStep, renewRecoveryCodes, startTwoStep } from './two-step.service';

export async function twoStepRoutes(app: FastifyInstance) {
  app.post('/api/two-step/setup', { schema: { response: { 200: twoStepSetupResponse } } }, async (req) =>
    startTwoStep(app, signedIn(req)),
  );
  app.post(
    '/api/two-step/enable',
    { schema: { body: twoStepEnableBody, response: { 200: recoveryCodesResponse } } },
    async (req) => enableTwoStep(app, signedIn(req), twoStepEnableBody.parse(req.body).code),
  );
  app.post('/api/two-step/disable', { schema: { body: twoStepDisableBody } }, async (req, reply) => {
    const body = twoStepDisableBody.parse(req.body);
    await disableTwoStep(app, signedIn(req), body.password, body.code);
    return reply.status(204).send();
  });
  app.post(
    '/api/two-step/recovery-codes',
    { schema: { body: passwordConfirmBody, response: { 200: recoveryCodesResponse } } },
    async (req) => renewRecoveryCodes(app, signedIn(req), passwordConfirmBody.parse(req.body).password),
  );
}
