import type { VideoLanguage } from '@pricewatch/shared/format';

export type Video = { key: string; titleKey: string; youtube: Record<VideoLanguage, string> };

/** Spec §2: 12 videos, each with a title key and a YouTube id per video language (ua, en, pl). */
export const VIDEOS: readonly Video[] = [
  { key: 'v1', titleKey: 'videos.v1', youtube: { ua: 'Qm3bT8xKp2A', en: 'Hn7cW2dLs9E', pl: 'Xr4vJ6yNq1M' } },
  { key: 'v2', titleKey: 'videos.v2', youtube: { ua: 'Lp8sD3gRt5K', en: 'Bz2mF7hUw4Q', pl: 'Tc9kY1nVe6J' } },
  { key: 'v3', titleKey: 'videos.v3', youtube: { ua: 'Gw5rN2qXa8C', en: 'Jd6tP9sLm3V', pl: 'Yh1bK4cZo7R' } },
  { key: 'v4', titleKey: 'videos.v4', youtube: { ua: 'Ue3xM8vBn2H', en: 'Rk7fQ5wTy1D', pl: 'Ma4jS9gWc6L' } },
  { key: 'v5', titleKey: 'videos.v5', youtube: { ua: 'Cv2nH6pEr9T', en: 'Wq8yL3dKx5B', pl: 'Fs1mZ7tGu4N' } },
  { key: 'v6', titleKey: 'videos.v6', youtube: { ua: 'Ko9wR4bYs2F', en: 'Nd5cV1hJq8X', pl: 'Ep6tU3mLa7W' } },
  { key: 'v7', titleKey: 'videos.v7', youtube: { ua: 'Sb7gX2kQw5M', en: 'Ay3rD8nFv1P', pl: 'Iz4hT6cRe9G' } },
  { key: 'v8', titleKey: 'videos.v8', youtube: { ua: 'Vm1pW9sCt4J', en: 'Ox6fB2yHn8K', pl: 'Dl3qG7uXz5R' } },
  { key: 'v9', titleKey: 'videos.v9', youtube: { ua: 'Zr8kE4vMb1S', en: 'Pt2wN6jCq9Y', pl: 'Hg5dA3xLs7U' } },
  { key: 'v10', titleKey: 'videos.v10', youtube: { ua: 'Bn4yQ1cTf6W', en: 'Ls9mR5hKd2E', pl: 'Wj7vF8pZa3C' } },
  { key: 'v11', titleKey: 'videos.v11', youtube: { ua: 'Xe2tJ7gNk4P', en: 'Cu5bS1wYr8H', pl: 'Qa9nL6dMv3T' } },
  { key: 'v12', titleKey: 'videos.v12', youtube: { ua: 'Gy6hV3rBp1Z', en: 'Mk4cX9tEw7F', pl: 'Rf8sD2qJn5L' } },
];

export const videoEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;
