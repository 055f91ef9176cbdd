// The rows as the pages read them: each photo reference with the photo the check read, each
// service with the town pages it serves. model.ts makes them; a feature's rows are resolved
// against them (extension.ts, FeatureFields.model), so they are types of their own, here.
import type { HeroPhoto, Photo, Service, Town } from "./rows-schema.ts";

/** A photo as the check read it (photos.ts): where it is, its hash and its size. */
export interface PhotoInfo {
  /** As written in the data: "photos/mattoon-basement-dig.jpg". */
  file: string;
  /** The absolute path of the original. */
  source: string;
  /** The first 16 hex digits of the sha256 of its bytes: unchanged bytes, unchanged outputs. */
  hash: string;
  /** Its size as shown, after the camera's orientation is applied. */
  width: number;
  height: number;
}

/** A photo the data names, with the photo as the check read it (photos.ts): its size and hash. */
export type PhotoRef<P extends { file: string } = Photo> = P & { info: PhotoInfo };

/** A row with its photos resolved: the gallery's and the one at the top of its page. */
export type WithPhotos<Row extends { photos?: unknown; hero?: unknown }> = Omit<Row, "photos" | "hero"> & {
  photos?: PhotoRef[];
  hero?: PhotoRef<HeroPhoto>;
};

/** A town of towns.yaml, its photos resolved. */
export type SiteTown = WithPhotos<Town>;

/** A service of services.yaml, its photos resolved, with the town pages its areaServed names, in its order. */
export type SiteService = WithPhotos<Service> & { servedTowns: SiteTown[] };

/** A photo reference with the photo it names. */
export type ResolvePhoto = <P extends { file: string }>(photo: P) => PhotoRef<P>;

/**
 * What a feature's rows are resolved against: every town page, the services, and the photos the
 * check read (`photo`: a reference in one of the file's `photoLists`, with its photo).
 */
export interface CoreRows {
  /** The towns of the grids, then those under "Also serving". */
  towns: readonly SiteTown[];
  services: readonly SiteService[];
  photo: ResolvePhoto;
}
