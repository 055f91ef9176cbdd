// The browser's folder picker, answered with a real folder on disk. A test cannot click through
// Chromium's native picker, so showDirectoryPicker() is replaced in the page by a folder handle
// whose every read and write is carried out by the test process on `root`, through functions
// exposed to the page. The editor then works on the files a dev server watches, as it does on the
// owner's working copy.
//
// The handle follows the File System Access API where the editor uses it (entries, getFileHandle,
// getDirectoryHandle, removeEntry, getFile, createWritable, move) and behaves as Chromium does on
// disk: a writable fills a "<name>.crswap" file beside the real one and renames it over the real
// one on close.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";

type Kind = "file" | "directory";

/** A path inside `root`, from the page's "/"-separated relative path; refuses a way out. */
function inside(root: string, relative: string): string {
  const full = path.resolve(root, ...relative.split("/").filter(Boolean));
  if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`outside the folder: ${relative}`);
  return full;
}

async function kindOf(full: string): Promise<Kind | null> {
  const info = await stat(full).catch(() => null);
  if (!info) return null;
  return info.isDirectory() ? "directory" : "file";
}

/** Makes showDirectoryPicker() in `page` answer with `root`, a folder on disk. */
export async function answerPickerWith(page: Page, root: string): Promise<void> {
  const at = (relative: string) => inside(path.resolve(root), relative);
  await page.exposeFunction("diskList", async (relative: string): Promise<[string, Kind][]> => {
    const entries = await readdir(at(relative), { withFileTypes: true });
    return entries.map((entry) => [entry.name, entry.isDirectory() ? "directory" : "file"]);
  });
  await page.exposeFunction("diskKind", (relative: string) => kindOf(at(relative)));
  await page.exposeFunction("diskCreate", async (relative: string, kind: Kind) => {
    // Two pictures saved at once into a new folder (the logo and the icon into data/brand/) each ask
    // for it to be made: as in the browser, a folder that is there by then is the one asked for.
    if (kind === "directory")
      await mkdir(at(relative)).catch(async (error: unknown) => {
        if ((await kindOf(at(relative))) !== "directory") throw error;
      });
    else await writeFile(at(relative), "");
  });
  await page.exposeFunction("diskRead", async (relative: string) => {
    const full = at(relative);
    const [bytes, info] = await Promise.all([readFile(full), stat(full)]);
    return { base64: bytes.toString("base64"), lastModified: Math.round(info.mtimeMs) };
  });
  await page.exposeFunction("diskWrite", (relative: string, base64: string) =>
    writeFile(at(relative), Buffer.from(base64, "base64")),
  );
  await page.exposeFunction("diskMove", (from: string, to: string) => rename(at(from), at(to)));
  await page.exposeFunction("diskRemove", (relative: string, recursive: boolean) => rm(at(relative), { recursive }));

  await page.addInitScript(() => {
    interface Disk {
      diskList(relative: string): Promise<[string, "file" | "directory"][]>;
      diskKind(relative: string): Promise<"file" | "directory" | null>;
      diskCreate(relative: string, kind: "file" | "directory"): Promise<void>;
      diskRead(relative: string): Promise<{ base64: string; lastModified: number }>;
      diskWrite(relative: string, base64: string): Promise<void>;
      diskMove(from: string, to: string): Promise<void>;
      diskRemove(relative: string, recursive: boolean): Promise<void>;
    }
    const disk = window as unknown as Disk;
    const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
    const refuse = (name: string, message: string): never => {
      throw new DOMException(message, name);
    };
    const toBase64 = async (blob: Blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    };

    class DiskHandle {
      constructor(
        public path: string,
        public name: string,
        public kind: "file" | "directory",
      ) {}
      async queryPermission() {
        return "granted";
      }
      async requestPermission() {
        return "granted";
      }
      async isSameEntry(other: DiskHandle) {
        return other.kind === this.kind && other.path === this.path;
      }
    }

    class DiskFile extends DiskHandle {
      constructor(filePath: string, name: string) {
        super(filePath, name, "file");
      }
      async getFile() {
        const { base64, lastModified } = await disk.diskRead(this.path);
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        return new File([bytes], this.name, { lastModified });
      }
      async createWritable() {
        const target = this.path;
        const swap = `${target}.crswap`;
        const parts: BlobPart[] = [];
        await disk.diskWrite(swap, "");
        return {
          async write(data: BlobPart | { type: "write"; data: BlobPart }) {
            // Data, or the API's { type: "write", data } form.
            parts.push(
              data instanceof Object && "type" in data && data.type === "write"
                ? (data as { data: BlobPart }).data
                : (data as BlobPart),
            );
          },
          async close() {
            await disk.diskWrite(swap, await toBase64(new Blob(parts)));
            await disk.diskMove(swap, target);
          },
          async abort() {
            await disk.diskRemove(swap, false);
          },
        };
      }
      async move(dir: DiskHandle | string, name?: string) {
        const to =
          typeof dir === "string"
            ? join(this.path.split("/").slice(0, -1).join("/"), dir)
            : join(dir.path, name ?? this.name);
        await disk.diskMove(this.path, to);
        this.path = to;
        this.name = to.split("/").pop()!;
      }
    }

    class DiskFolder extends DiskHandle {
      constructor(folderPath: string, name: string) {
        super(folderPath, name, "directory");
      }
      async *entries(): AsyncGenerator<[string, DiskFile | DiskFolder]> {
        for (const [name, kind] of await disk.diskList(this.path)) {
          const child = join(this.path, name);
          yield [name, kind === "directory" ? new DiskFolder(child, name) : new DiskFile(child, name)];
        }
      }
      async *keys() {
        for await (const [name] of this.entries()) yield name;
      }
      async *values() {
        for await (const [, handle] of this.entries()) yield handle;
      }
      [Symbol.asyncIterator]() {
        return this.entries();
      }
      /** The path of the entry `name`, which must be of `kind`; made when missing and `create` says so. */
      async entryPath(name: string, kind: "file" | "directory", create: boolean) {
        const child = join(this.path, name);
        const found = await disk.diskKind(child);
        if (found && found !== kind)
          refuse("TypeMismatchError", `${child} is a ${found === "file" ? "file" : "folder"}`);
        if (!found) {
          if (!create) refuse("NotFoundError", `${child} not found`);
          await disk.diskCreate(child, kind);
        }
        return child;
      }
      async getFileHandle(name: string, { create = false } = {}) {
        return new DiskFile(await this.entryPath(name, "file", create), name);
      }
      async getDirectoryHandle(name: string, { create = false } = {}) {
        return new DiskFolder(await this.entryPath(name, "directory", create), name);
      }
      async removeEntry(name: string, { recursive = false } = {}) {
        const child = join(this.path, name);
        if (!(await disk.diskKind(child))) refuse("NotFoundError", `${child} not found`);
        await disk.diskRemove(child, recursive);
      }
      async resolve(handle: DiskHandle) {
        if (handle.path === this.path) return [];
        return handle.path.startsWith(this.path ? `${this.path}/` : "")
          ? handle.path.slice(this.path ? this.path.length + 1 : 0).split("/")
          : null;
      }
    }

    (window as unknown as { showDirectoryPicker(): Promise<DiskFolder> }).showDirectoryPicker = async () =>
      new DiskFolder("", "working-copy");
  });
}
