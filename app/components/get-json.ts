/**
 * A route's JSON, read with fetch; null when it could not be had (offline, signed out
 * and sent the sign-in page instead, or aborted by `signal`).
 */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T | null> {
  try {
    const response = await fetch(path, { signal, headers: { Accept: "application/json" } });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}
