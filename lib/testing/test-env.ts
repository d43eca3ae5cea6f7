/** Where integration tests keep their state: their own database and Redis db index, so a running `npm start` is left alone. */
export const integrationEnv = {
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgresql://root@127.0.0.1:5432/switchboard_test",
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15",
};
