// Lighthouse's default mobile conditions in a Chromium page (playwright-core, through CDP): a CPU 4×
// slower and its "slow 4G" network, and a record of the page's requests: the scripts it transferred
// (bytes on the wire, headers included, as Lighthouse's `transferSize`) and when its network falls
// quiet.

/** Lighthouse's mobile throttling: 150 ms round trip, 1.6 Mbps down, 750 kbps up; CPU 4× slower. */
export const SLOW_4G = { latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };
export const CPU_SLOWDOWN = 4;

/**
 * Throttle `page` (before it navigates) and follow its requests. `network: false` keeps the CPU
 * slowdown alone.
 */
export async function throttle(page, { network = true } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  if (network)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latencyMs,
      // CDP takes bytes per second.
      downloadThroughput: (SLOW_4G.downKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.upKbps * 1024) / 8,
    });
  return followRequests(cdp);
}

/** The scripts a page transferred, and a wait for its network to fall quiet. */
function followRequests(cdp) {
  const inFlight = new Set();
  const scripts = new Map();
  const scriptIds = new Set();
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());
  cdp.on('Network.requestWillBeSent', (e) => {
    // Chromium may never say a data: or blob: URL finished; neither uses the network.
    if (/^(data|blob):/.test(e.request.url)) return;
    inFlight.add(e.requestId);
    touch();
  });
  cdp.on('Network.responseReceived', (e) => {
    const { pathname } = new URL(e.response.url);
    if (e.type === 'Script' || pathname.endsWith('.js')) {
      scriptIds.add(e.requestId);
      scripts.set(e.requestId, {
        path: pathname,
        bytes: 0,
        status: e.response.status,
        failed: false,
      });
    }
    touch();
  });
  cdp.on('Network.loadingFinished', (e) => {
    inFlight.delete(e.requestId);
    if (scriptIds.has(e.requestId)) scripts.get(e.requestId).bytes = e.encodedDataLength;
    touch();
  });
  cdp.on('Network.loadingFailed', (e) => {
    inFlight.delete(e.requestId);
    if (scriptIds.has(e.requestId)) scripts.get(e.requestId).failed = true;
    touch();
  });
  return {
    cdp,
    /** Every script requested so far: its path, status, bytes on the wire, and whether it failed. */
    scripts: () => [...scripts.values()],
    /** Bytes of every script transferred so far. */
    scriptBytes: () => [...scripts.values()].reduce((sum, s) => sum + s.bytes, 0),
    /**
     * Resolve once no request has been in flight for `quietMs` (a page that keeps a connection
     * open, or keeps loading, resolves at `maxMs`); true when it fell quiet.
     */
    async networkIdle({ quietMs = 500, maxMs = 10_000 } = {}) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && Date.now() - lastActivity >= quietMs) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
  };
}

export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
