import type { SpecializationItem } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SpecializationsList } from "./specializations-list";

const item = (id: string, name: string, defaultReportFeeCents: number | null): SpecializationItem => ({
  id,
  name,
  description: null,
  active: true,
  defaultReportFeeCents,
  usersCount: 1,
});
const none = () => undefined;

describe("the specializations list's report fee", () => {
  it("shows the fee schedule's current rate, the price invoices use, else the default fee", () => {
    render(
      <SpecializationsList
        items={[item("s1", "Orthopaedic Surgeon", null), item("s2", "Dentist", 700_000), item("s3", "Urologist", null)]}
        scheduleReportFees={{ s1: 1_250_000 }}
        onEdit={none}
        onSetActive={none}
        onRemove={none}
      />,
    );
    const rows = screen.getAllByRole("listitem");
    expect(within(rows[0]!).getByText("R 12 500.00")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Fee schedule")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("R 7 000.00")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Default fee")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Not priced")).toBeInTheDocument();
  });
});
