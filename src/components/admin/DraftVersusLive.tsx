import { useId, useState } from "react";
import {
  differingFields,
  type DraftChange,
} from "../../content/admin/articleForm/draftVersusLive.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { TextDiff } from "./HistoryPanel.tsx";
import "./DraftVersusLive.css";

export interface DraftVersusLiveProps {
  /** The fields where the draft (as the form holds it now) differs from what readers see. */
  changes: DraftChange[];
  /** The draft was made from an older published version: the live article changed since. */
  stale: boolean;
  /** The editor chose Keep editing: the comparison folds away. */
  kept: boolean;
  /** Whether this person publishes: a contributor is offered no Publish. */
  canPublish: boolean;
  /** A save or the discard is under way. */
  busy: boolean;
  /** What a document is called in the words: "article" or "photo essay". */
  noun?: string;
  onPublish: () => void;
  onDiscard: () => void;
  onKeepEditing: () => void;
}

/**
 * Above a form editing a draft of a live article or photo essay: that it is a draft, what readers
 * see instead and in which fields the two differ, side by side (the long texts as the History
 * panel's diff), and the choices: Publish this draft, Discard draft (after a confirm) or Keep
 * editing. A stale draft says so in words, and offers Publish only once the editor keeps editing it.
 */
export function DraftVersusLive({
  changes,
  stale,
  kept,
  canPublish,
  busy,
  noun = "article",
  onPublish,
  onDiscard,
  onKeepEditing,
}: DraftVersusLiveProps) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const fields = differingFields(changes);
  return (
    <section
      className={stale ? "draft-live draft-live--stale" : "draft-live"}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="draft-live__heading">
        Editing a draft
      </h2>
      {stale ? (
        <p className="draft-live__stale">
          <strong>
            The published version changed after this draft was made.
          </strong>{" "}
          Publishing the draft as it is would undo that change, so it cannot be
          published until you keep editing it (having compared the two) or
          discard it.
        </p>
      ) : null}
      <p className="draft-live__summary">
        {changes.length > 0
          ? `Readers see the published version, which differs in: ${fields}.`
          : `Readers see the published version, which is the same as this draft.`}
      </p>
      {changes.length > 0 ? (
        // A new key when the editor keeps editing: the comparison folds away then.
        <details
          key={kept ? "kept" : "open"}
          className="draft-live__details"
          open={!kept}
        >
          <summary>Compare the published version with this draft</summary>
          <dl className="draft-live__changes">
            {changes.map((change) => (
              <div key={change.field} className="draft-live__change">
                <dt>{change.label}</dt>
                <dd className="draft-live__columns">
                  <div className="draft-live__column">
                    <p className="draft-live__column-label">Readers see</p>
                    <p className="draft-live__value">
                      {change.revision === "" ? (
                        <em>Nothing</em>
                      ) : (
                        change.revision
                      )}
                    </p>
                  </div>
                  <div className="draft-live__column">
                    <p className="draft-live__column-label">This draft</p>
                    {change.diff ? (
                      <TextDiff
                        parts={change.diff}
                        className="draft-live__value draft-live__diff"
                      />
                    ) : (
                      <p className="draft-live__value">
                        {change.current === "" ? (
                          <em>Nothing</em>
                        ) : (
                          change.current
                        )}
                      </p>
                    )}
                  </div>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      <div className="draft-live__choices">
        {canPublish && !stale ? (
          <button
            type="button"
            className="draft-live__publish"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onPublish()}
          >
            Publish this draft
          </button>
        ) : null}
        <button
          type="button"
          className="draft-live__discard"
          aria-disabled={busy || undefined}
          onClick={() => !busy && setConfirming(true)}
        >
          Discard draft
        </button>
        {kept ? null : (
          <button
            type="button"
            className="draft-live__keep"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onKeepEditing()}
          >
            Keep editing
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Discard draft"
        message={`The draft's changes go, and the form shows the published ${noun} readers see. The draft stays in the ${noun}'s History.`}
        confirmLabel="Discard draft"
        busyLabel="Discarding..."
        onConfirm={() => {
          setConfirming(false);
          onDiscard();
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
