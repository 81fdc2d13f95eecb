import { Link } from "@tanstack/react-router";
import { FileText, Plus } from "lucide-react";
import { Button } from "../ui/button";

/**
 * The Messages page's way to start a conversation: staff write to anyone (New message); an
 * attorney or an expert writes about one of their queries, from that query's Messages section, so
 * the page says so and leads to their queries.
 */
export function StartConversation({ staff, onCompose }: { staff: boolean; onCompose: () => void }) {
  if (staff) {
    return (
      <Button onClick={onCompose}>
        <Plus aria-hidden /> New message
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button asChild variant="outline">
        <Link to="/queries">
          <FileText aria-hidden /> Write about a query
        </Link>
      </Button>
      <p className="text-xs text-muted-foreground">Conversations start from a query: open it and use its Messages section.</p>
    </div>
  );
}
