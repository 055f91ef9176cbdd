// The git host the site editor at /admin/ saves to: GitHub. The editor's configuration names its
// backend, and the editor's Content-Security-Policy allows its API and nothing else of another
// origin (the picture of the signed-in account comes from GitHub's image host).
export const GIT_HOST = {
  /** The CMS's name for the backend. */
  backend: "github",
  /** Where the CMS reads and commits files once the owner has signed in. */
  api: "https://api.github.com",
  /** The signed-in account's picture, shown in the editor's top bar. */
  avatars: "https://avatars.githubusercontent.com",
} as const;
