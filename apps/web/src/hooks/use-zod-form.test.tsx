import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field } from "@/components/ui/field";
import { useZodForm } from "./use-zod-form";

const schema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  email: z.string().trim().email("Enter a valid email"),
});

interface State {
  name: string;
  email: string;
  confirmEmail: string;
}

function Demo({
  onSubmit,
  serverErrors,
  mode,
}: {
  onSubmit: (v: State) => void;
  serverErrors?: Record<string, string>;
  mode?: "onSubmit";
}) {
  const { err, formRef, text, submit } = useZodForm<State>({
    initial: () => ({ name: "", email: "", confirmEmail: "" }),
    schema,
    toPayload: ({ name, email }) => ({ name, email }),
    refine: (form, errors) => (form.confirmEmail !== form.email ? { ...errors, confirmEmail: "The emails do not match" } : errors),
    idPrefix: "demo",
    serverErrors,
    mode,
  });
  return (
    <form ref={formRef} noValidate onSubmit={submit(onSubmit)}>
      <Field label="Name" htmlFor="demo-name" error={err("name")}>
        <input {...text("name")} />
      </Field>
      <Field label="Email" htmlFor="demo-email" error={err("email")}>
        <input {...text("email")} />
      </Field>
      <Field label="Confirm email" htmlFor="demo-confirmEmail" error={err("confirmEmail")}>
        <input {...text("confirmEmail")} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe("useZodForm", () => {
  it("shows a field's error once it is left, not while it is first typed", async () => {
    const user = userEvent.setup();
    render(<Demo onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText("Email"), "not-an");
    expect(screen.queryByText("Enter a valid email")).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText("Enter a valid email")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-describedby", "demo-email-error");
    // From then on it follows every keystroke.
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await waitFor(() => expect(screen.queryByText("Enter a valid email")).not.toBeInTheDocument());
  });

  it("refuses a submit with every error shown and the first invalid field focused", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Demo onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Confirm email"), "x@y.co");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Enter a valid email")).toBeInTheDocument();
    expect(screen.getByText("The emails do not match")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("with errors held until a submit, still focuses the first invalid field", async () => {
    const user = userEvent.setup();
    render(<Demo onSubmit={vi.fn()} mode="onSubmit" />);
    await user.click(screen.getByLabelText("Name"));
    await user.tab();
    expect(screen.queryByText("Name is required")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveFocus());
  });

  it("re-checks a rule that spans fields when the other field changes", async () => {
    const user = userEvent.setup();
    render(<Demo onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText("Confirm email"), "a@b.co");
    await user.tab();
    expect(await screen.findByText("The emails do not match")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await waitFor(() => expect(screen.queryByText("The emails do not match")).not.toBeInTheDocument());
  });

  it("sends the values once valid, and shows a server error on its field until that field changes", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<Demo onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.type(screen.getByLabelText("Email"), "ann@firm.co.za");
    await user.type(screen.getByLabelText("Confirm email"), "ann@firm.co.za");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Ann", email: "ann@firm.co.za", confirmEmail: "ann@firm.co.za" }));

    rerender(<Demo onSubmit={onSubmit} serverErrors={{ email: "This email is already in use" }} />);
    expect(await screen.findByText("This email is already in use")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Name"), "e");
    expect(screen.getByText("This email is already in use")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "x");
    await waitFor(() => expect(screen.queryByText("This email is already in use")).not.toBeInTheDocument());
  });
});
