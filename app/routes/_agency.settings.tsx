import { SettingsLayout } from "~/components/settings/settings-layout";

export default function Settings() {
  return <SettingsLayout area="agency" />;
}
