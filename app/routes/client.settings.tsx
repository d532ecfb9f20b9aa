import { SettingsLayout } from "~/components/settings";

export default function Settings() {
  return <SettingsLayout area="client" />;
}
