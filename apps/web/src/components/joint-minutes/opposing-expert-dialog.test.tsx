import type { JointMinute, MinuteWorkspace } from "@medlegal/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ADMIN, renderApp } from "@/test/app";
import { routed } from "@/test/router";
import { renderWithTrpc } from "@/test/trpc";
import { OpposingExpertDialog } from "./opposing-expert-dialog";
import { ReportMinutesCard } from "./report-minutes-card";

const REPORT_ID = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";
const MINUTE_ID = "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b";

const workspace: MinuteWorkspace = {
  id: MINUTE_ID,
  claimantName: "Sipho Ndlovu",
  discipline: "Orthopaedic surgery",
  ourExpertName: "Hendrik Venter",
  opposing: {
    name: "Dr Pieter van Wyk",
    discipline: "Orthopaedic surgery",
    hpcsaNumber: "MP 0456789",
    practice: "Van Wyk Orthopaedics",
    instructingFirm: "State Attorney, Cape Town",
    side: "defendant",
  },
  dueOn: "2027-03-05",
  version: 0,
  issues: [],
  versions: [],
  signatures: [],
  frozen: false,
  frozenAt: null,
  sha256: null,
  canEdit: true,
  signsFor: "opposing",
};

const minute: JointMinute = {
  ...workspace,
  signsFor: null,
  reportId: REPORT_ID,
  reportReference: "REP-2026-0042",
  opposingEmail: "p.vanwyk@example.org",
  opposingPhone: "021 555 0101",
  addendumOf: null,
  addenda: [],
  releasedAt: null,
  guestLink: null,
  opposingOpenedAt: "2026-12-06T08:00:00.000Z",
  repudiations: [],
  canManage: true,
  canRelease: false,
  releaseBlocker: null,
  canRepudiate: false,
  withheld: false,
  waitingFor: null,
  canReleaseEarly: false,
  releaseOverrideReason: null,
};

describe("the opposing-expert dialog (issue 37, item 8)", () => {
  it("starts with our discipline, the defendant's side and the plan's due date, and warns when the entries differ", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(routed(<ReportMinutesCard reportId={REPORT_ID} discipline="Orthopaedic surgery" />), {
      "jointMinutes.listForReport": () => ({
        minutes: [],
        canCreate: true,
        courtDueOn: null,
        due: { on: "2027-03-05", source: "plan" },
        opposingSide: "defendant",
      }),
      "jointMinutes.create": () => minute,
    });
    await user.click(await screen.findByRole("button", { name: "Record the opposing expert" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Discipline")).toHaveValue("Orthopaedic surgery");
    expect(within(dialog).getByLabelText("Instructed by")).toHaveValue("defendant");
    expect(within(dialog).getByLabelText("Minute due")).toHaveValue("2027-03-05");
    expect(within(dialog).getByText("The court plan sets 5 Mar 2027.")).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText("Instructed by"), "plaintiff");
    expect(within(dialog).getByLabelText("Instructed by")).toHaveAccessibleDescription(
      "Our expert was instructed for the plaintiff: the opposing expert is normally the defendant (the RAF)'s.",
    );
    fireEvent.change(within(dialog).getByLabelText("Discipline"), { target: { value: "Neurosurgery" } });
    expect(
      within(dialog).getByText("Our expert's discipline is Orthopaedic surgery: a joint minute is between experts of the same discipline."),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Minute due"), { target: { value: "2027-04-01" } });
    expect(within(dialog).getByLabelText("Minute due")).toHaveAccessibleDescription(
      "The court plan sets 5 Mar 2027: this date differs, later than that.",
    );

    // Warnings never block: the form goes as entered.
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Dr Pieter van Wyk" } });
    fireEvent.change(within(dialog).getByLabelText("HPCSA number"), { target: { value: "MP 0456789" } });
    fireEvent.change(within(dialog).getByLabelText("Practice"), { target: { value: "Van Wyk Orthopaedics" } });
    fireEvent.change(within(dialog).getByLabelText("E-mail"), { target: { value: "p.vanwyk@example.org" } });
    fireEvent.change(within(dialog).getByLabelText("Phone"), { target: { value: "021 555 0101" } });
    fireEvent.change(within(dialog).getByLabelText("Instructing firm"), { target: { value: "State Attorney, Cape Town" } });
    await user.click(within(dialog).getByRole("button", { name: "Record" }));
    await waitFor(() => expect(view.sent("jointMinutes.create")).toHaveLength(1));
    expect(view.sent("jointMinutes.create")[0]).toMatchObject({
      reportId: REPORT_ID,
      dueOn: "2027-04-01",
      opposing: { side: "plaintiff", discipline: "Neurosurgery" },
    });
  });

  it("lists a minute with nothing saved as a draft, not version 0", async () => {
    renderWithTrpc(routed(<ReportMinutesCard reportId={REPORT_ID} discipline="Orthopaedic surgery" />), {
      "jointMinutes.listForReport": () => ({
        minutes: [
          {
            id: MINUTE_ID,
            opposingName: "Dr Pieter van Wyk",
            discipline: "Orthopaedic surgery",
            dueOn: "2027-03-05",
            version: 0,
            signatures: 0,
            frozen: false,
            releasedAt: null,
            addendumOf: null,
            repudiated: false,
            waitingFor: null,
          },
        ],
        canCreate: false,
        courtDueOn: null,
        due: null,
        opposingSide: "defendant",
      }),
    });
    expect(await screen.findByText("Draft, 0 of 2 signed")).toBeInTheDocument();
    expect(screen.queryByText(/Version 0/)).not.toBeInTheDocument();
  });

  it("asks to reopen the minute before another person replaces an expert who opened it", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(
      routed(
        <OpposingExpertDialog
          open
          onClose={() => {}}
          minute={minute}
          defaults={{ discipline: "Orthopaedic surgery", due: null, opposingSide: "defendant" }}
          onSaved={() => {}}
        />,
      ),
      {
        "jointMinutes.updateOpposingExpert": () => minute,
      },
    );
    const dialog = await screen.findByRole("dialog", { name: "Change the opposing expert" });
    fireEvent.change(within(dialog).getByLabelText("E-mail"), { target: { value: "t.mokoena@example.org" } });
    expect(within(dialog).getByText(/Dr Pieter van Wyk's link and any session end/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: /Reopen the minute for the new expert/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(view.sent("jointMinutes.updateOpposingExpert")).toHaveLength(1));
    expect(view.sent("jointMinutes.updateOpposingExpert")[0]).toMatchObject({
      id: MINUTE_ID,
      reopen: true,
      opposing: { email: "t.mokoena@example.org" },
    });
  });
});

describe("the opposing expert's guest page (issue 37, item 8)", () => {
  it("names our expert as the agency's and a minute with nothing saved as a draft", async () => {
    renderApp("/joint-minute", ADMIN, { "jointMinutes.guestGet": workspace });
    expect(await screen.findByText(/Hendrik Venter \(the agency's expert\) and you, Dr Pieter van Wyk/)).toBeInTheDocument();
    expect(screen.getByText(/· Draft$/)).toBeInTheDocument();
    expect(screen.queryByText(/Version 0/)).not.toBeInTheDocument();
  });

  it("labels the agency's expert's versions and signature as the agency's, the guest's own as theirs", async () => {
    const signed: MinuteWorkspace = {
      ...workspace,
      version: 2,
      issues: [{ id: "i1", label: "Diagnosis", ourView: "Malunion.", opposingView: "Agreed.", status: "agreed", reason: "" }],
      versions: [
        { version: 2, authorName: "Dr Pieter van Wyk", party: "opposing", createdAt: "2026-12-06T09:00:00.000Z", sha256: "b".repeat(64) },
        { version: 1, authorName: "Hendrik Venter", party: "ours", createdAt: "2026-12-05T09:00:00.000Z", sha256: "a".repeat(64) },
      ],
      signatures: [
        { party: "ours", typedName: "Hendrik Venter", version: 2, sha256: "b".repeat(64), signedAt: "2026-12-06T10:00:00.000Z", ip: null },
      ],
    };
    renderApp("/joint-minute", ADMIN, { "jointMinutes.guestGet": signed });
    const versions = await screen.findByRole("list", { name: "Versions" });
    expect(within(versions).getByText(/Version 1 by Hendrik Venter \(the agency's expert\)/)).toBeInTheDocument();
    expect(within(versions).getByText(/Version 2 by Dr Pieter van Wyk \(you\)/)).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Signatures" })).getByText("The agency's expert:")).toBeInTheDocument();
    expect(screen.getByText("View of Hendrik Venter (the agency's expert)")).toBeInTheDocument();
    expect(screen.queryByText(/Our expert/i)).not.toBeInTheDocument();
  });
});
