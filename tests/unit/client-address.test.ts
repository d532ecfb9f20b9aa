import { describe, expect, test } from "vitest";
import { clientAddress } from "~/realtime/limits.server";

/* A socket's address, trusting X-Forwarded-For exactly as far as HTTP's req.ip does (TRUST_PROXY_HOPS). */
describe("the address a handshake is counted against", () => {
  const request = (forwardedFor?: string) => ({
    socket: { remoteAddress: "10.0.0.2" },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });

  test("with no proxy trusted, the header is the client's to choose and is ignored", () => {
    expect(clientAddress(request("203.0.113.9"), 0)).toBe("10.0.0.2");
  });

  test("each trusted proxy vouches for one more address, read from the right", () => {
    expect(clientAddress(request("198.51.100.1, 203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientAddress(request("198.51.100.1, 203.0.113.9"), 2)).toBe("198.51.100.1");
    expect(clientAddress(request("198.51.100.1,203.0.113.9"), 5)).toBe("198.51.100.1");
    expect(clientAddress(request(), 1)).toBe("10.0.0.2");
  });
});
