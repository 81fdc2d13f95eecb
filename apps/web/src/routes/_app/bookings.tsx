import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/bookings')({
  component: RouteComponent,
})

function RouteComponent() {
  return <div>Hello "/_app/bookings"!</div>
}
