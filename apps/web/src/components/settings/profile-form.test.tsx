import type { UserDetail } from "@medlegal/domain";
import { ACCOUNT_MESSAGES } from "@medlegal/domain";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ProfileForm } from "./profile-form";

const CONSULTANT: UserDetail = {
  id: "c",
  username: "consultant",
  firstName: "Thandiwe",
  lastName: "Mokoena",
  email: "consultant@medlegal.example",
  role: "consultant",
  isActive: true,
  isPrivacyOfficer: false,
  specializationId: "s",
  specialization: "Psychiatrist",
  firmName: null,
  vatNumber: null,
  lastLoginAt: null,
  createdAt: "2026-01-01T00:00:00Z",
  gender: null,
  birthDate: null,
  licenseNumber: "MP 0123456",
  phone: "082 123 4567",
  address: "12 Hospital Street, Pretoria",
  addresses: [],
  emails: [],
  phones: [],
  interpreterLanguages: [],
  twoFactorEnabled: false,
};

describe("ProfileForm", () => {
  it("asks for the current password only when the email changes, and sends it with the change", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ProfileForm user={CONSULTANT} specializations={[{ id: "s", name: "Psychiatrist" }]} onSubmit={onSubmit} />);
    expect(screen.getByLabelText("License number")).toHaveValue("MP 0123456");
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "thandiwe@clinic.co.za" } });
    expect(screen.getByLabelText("Current password")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).not.toHaveBeenCalled();
    // The check is asynchronous (the zod resolver): wait for the sentence rather than expect it at once.
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordForEmail)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "Demo@Password1" } });
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      firstName: "Thandiwe",
      lastName: "Mokoena",
      email: "thandiwe@clinic.co.za",
      currentPassword: "Demo@Password1",
      specialization: "Psychiatrist",
      licenseNumber: "MP 0123456",
      phone: "082 123 4567",
      address: "12 Hospital Street, Pretoria",
    });

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "Consultant@MedLegal.example" } });
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
  });
});
