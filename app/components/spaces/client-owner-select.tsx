import { SelectField, type ListOfErrors, type SelectProps } from "~/components/ui";
import { type ClientOwnerOption } from "~/shared";

/** The Client Owner of a space (SPEC §2.7, §2.8): each owner named with their company. */
export function ClientOwnerSelect({
  owners,
  selectProps,
  errors,
}: {
  owners: ClientOwnerOption[];
  selectProps: SelectProps;
  errors: ListOfErrors;
}) {
  return (
    <SelectField
      labelProps={{ children: "Client Owner" }}
      selectProps={selectProps}
      placeholder="Select a client owner"
      options={owners.map((owner) => ({
        value: owner.id,
        label: `${owner.name} (${owner.company || "No company"})`,
      }))}
      errors={errors}
    />
  );
}
