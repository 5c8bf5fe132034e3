import type { UseMutationResult } from '@tanstack/react-query';
import { gatewayMessage } from '../gateway-bridge';
import { ConfirmDialog } from '../ui/Dialog';

/**
 * Asks before deleting `item` through `remove` (a mutation that takes the item's id). The dialog stays open
 * with the gateway's message when the delete fails; on success `onDeleted` runs and it closes.
 */
export function ConfirmDeleteDialog<T, Id>({
  item,
  idOf,
  remove,
  title,
  description,
  onDeleted,
  onClose,
}: {
  item: T | null;
  idOf: (item: T) => Id;
  remove: UseMutationResult<unknown, Error, Id>;
  /** Also the confirm button's label ("Delete"). */
  title: string;
  description: string;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const close = () => {
    onClose();
    remove.reset();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      danger
      title={title}
      description={description}
      confirmLabel={title}
      busy={remove.isPending}
      error={remove.isError ? gatewayMessage(remove.error) : undefined}
      onConfirm={() =>
        item &&
        remove.mutate(idOf(item), {
          onSuccess: () => {
            onDeleted();
            close();
          },
        })
      }
      onClose={close}
    />
  );
}
