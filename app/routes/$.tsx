import { redirect } from "react-router";

// produto §2: any unknown path goes to the home page.
export function loader() {
  return redirect("/");
}
export function action() {
  return redirect("/");
}
