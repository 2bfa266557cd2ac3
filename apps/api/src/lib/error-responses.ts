import { errorBodySchema } from '@compra-grupal/contracts';

/** The error answers every authenticated route may give, for its OpenAPI description. */
export const authenticatedErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** The OpenAPI security requirement of routes behind `authenticate`. */
export const bearerSecurity = [{ bearerAuth: [] }];
