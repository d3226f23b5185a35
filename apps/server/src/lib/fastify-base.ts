import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from '../config/env';
import { answerFrameworkError } from '../plugins/errors';
import { responseSerializerCompiler } from './response-serializer';

/**
 * A Fastify instance as every service of the product starts one (the dashboard, the passport): 1 MB
 * bodies, a 30 s request limit, zod schemas for input and for answers. Answers are written by serializers
 * compiled from their schemas; under test each is also written with zod and any difference fails.
 */
export function baseFastify(env: Env, logger: FastifyServerOptions['logger'] | undefined) {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    frameworkErrors: answerFrameworkError,
    // Behind balancers (TRUST_PROXY), the caller's address is the one they forwarded: rate limits, the
    // sign-in lock-out and sessions count callers, not the balancer.
    trustProxy: env.TRUST_PROXY as FastifyServerOptions['trustProxy'],
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: env.NODE_ENV === 'test' }));
  return app;
}
