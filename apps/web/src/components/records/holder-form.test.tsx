import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { recordHolder } from "@/test/fixtures";
import { HolderForm } from "./holder-form";

describe("the records holder form", () => {
  it("says what a new holder lacks on each field and sends nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<HolderForm pending={false} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText(/In use/)).toBeNull();
    await user.type(screen.getByLabelText("E-mail"), "not an address");
    await user.click(screen.getByRole("button", { name: "Add holder" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Choose whether the holder is a public or a private body")).toBeInTheDocument();
    expect(screen.getByText("Choose what kind of holder this is")).toBeInTheDocument();
    expect(screen.getByText("Information officer is required")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a holder's fee in rand and takes it out of use", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const holder = recordHolder();
    render(<HolderForm initial={holder} pending={false} onSubmit={onSubmit} />);
    expect(screen.getByLabelText("Request fee")).toHaveValue("R\u00a035.00");
    const inUse = screen.getByLabelText(/In use/);
    expect(inUse).toBeChecked();
    await user.click(inUse);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ id: holder.id, active: false, name: holder.name, kind: "public", requestFee: "R\u00a035.00" }),
    );
  });
});
