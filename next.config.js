/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `ws` has optional native add-ons; keep it out of the server bundle.
  serverExternalPackages: ['ws'],
  // `npm run dev` prints http://localhost:PORT; opening it as http://127.0.0.1:PORT must work too
  // (Next 16 otherwise blocks its dev scripts and HMR for that host, and the page never hydrates).
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
