// YAML syntax errors in the words of someone who edits the data files, not of the parser: what
// usually causes each kind of error, and how to fix it.
import type { YAMLError } from "yaml";

const QUOTE_IT = 'put the whole value in double quotes, e.g. name: "Charleston: the city"';

/** A plain-language reading of a parser error, with the usual fix. */
export function explainYamlError(error: Pick<YAMLError, "code" | "message">): string {
  const message = error.message.split("\n")[0] ?? "";
  switch (error.code) {
    case "BLOCK_AS_IMPLICIT_KEY":
      return `a line that is not "field: value": if the value itself contains ": ", ${QUOTE_IT}; otherwise line the field up with the ones above it`;
    case "MULTILINE_IMPLICIT_KEY":
      return 'a line that is not "field: value": is the colon after the field name missing, or is the line indented more or less than the fields around it?';
    case "MISSING_CHAR":
      if (/quote/i.test(message)) return 'a value that opens a quote (") but never closes it';
      if (/without - indicator/.test(message)) {
        return "a line indented less than the fields around it: line it up with them, using spaces";
      }
      return message;
    case "BAD_INDENT":
      if (/end with a \]/.test(message)) return 'a "[" that is never closed: a value that starts with [ must be in double quotes';
      if (/end with a \}/.test(message)) return 'a "{" that is never closed: a value that starts with { must be in double quotes';
      return "a line indented differently from the lines around it: line it up with the field above, using spaces";
    case "TAB_AS_INDENT":
      return "a tab at the start of the line: indent with spaces only";
    case "DUPLICATE_KEY":
      return 'the same field twice in one entry: remove one, or, if a new entry was pasted here, start it with "- "';
    case "BAD_SCALAR_START":
      return `a value that starts with a character YAML reserves (such as @ or \`): ${QUOTE_IT}`;
    case "UNEXPECTED_TOKEN":
      return 'text after a closing quote: quote the whole value, e.g. name: "\\"Joe\'s\\" Excavating"';
    case "BAD_DQ_ESCAPE":
      return "a backslash inside double quotes: write \\\\ for one backslash, or use single quotes";
    case "MULTIPLE_DOCS":
      return 'a line "---" or "..." that starts a second document: remove it';
    default:
      return message;
  }
}
