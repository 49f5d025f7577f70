import { useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import type { NetworkUser } from '@pricewatch/shared/contract';
import { DataTable, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { EmptyState, ErrorState, LoadingState, PageHeader, toaster } from '@pricewatch/shared/ui';
import { useErrorText } from '../../../lib/error-text';
import { useUsersTranslation } from '../../../lib/i18n';
import { isProviderAdmin, mayManageUsers } from '@pricewatch/shared/permissions';
import { useNetworkUsers } from '../api/get-network-users';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserFormDialog } from './user-form-dialog';

const col = dataColumnHelper<NetworkUser>();

function useColumns(showNetwork: boolean, onEdit: (u: NetworkUser) => void, onDelete: (u: NetworkUser) => void, meId: string | undefined) {
  const { t } = useUsersTranslation();
  return useMemo(
    () =>
      col.columns([
        col.accessor('username', { header: t('columns.username'), sortFn: 'text' }),
        col.accessor('name', { header: t('columns.name'), sortFn: 'text', meta: { wrap: true } }),
        ...(showNetwork ? [col.accessor((u) => u.network?.name ?? '—', { id: 'network', header: t('columns.network'), sortFn: 'text' })] : []),
        col.accessor((u) => u.roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', '), {
          id: 'roles',
          header: t('columns.roles'),
          enableSorting: false,
          meta: { wrap: true },
        }),
        col.accessor((u) => u.exportDetails.access.map((a) => t(`access.${a}`)).join(', '), {
          id: 'access',
          header: t('columns.access'),
          enableSorting: false,
          cell: (c) => (
            <Text as="span">
              {c.getValue() || '—'}
              {c.row.original.ownExportDetails === null && (
                <Text as="span" color="fg.muted" fontSize="xs" ml="1">
                  ({t('columns.inherited')})
                </Text>
              )}
            </Text>
          ),
        }),
        col.accessor('blocked', {
          header: t('columns.status'),
          sortFn: 'basic',
          cell: (c) => (c.getValue() ? <Badge colorPalette="red">{t('status.blocked')}</Badge> : <Badge colorPalette="green">{t('status.active')}</Badge>),
        }),
        col.display({
          id: 'actions',
          header: t('columns.actions'),
          cell: (c) => (
            <HStack gap="1">
              <Button
                size="xs"
                variant="outline"
                aria-label={t('actions.editUser', { username: c.row.original.username })}
                onClick={() => onEdit(c.row.original)}
              >
                {t('actions.edit')}
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                disabled={c.row.original._id === meId}
                aria-label={t('actions.deleteUser', { username: c.row.original.username })}
                onClick={() => onDelete(c.row.original)}
              >
                {t('actions.delete')}
              </Button>
            </HStack>
          ),
        }),
      ]) as DataColumnDef<NetworkUser>[],
    [t, showNetwork, onEdit, onDelete, meId],
  );
}

/**
 * Users (spec §7, issue 8): a network admin manages their network's users; the provider's admins see
 * every user with their network. Create and edit in a dialog, delete after a confirmation.
 */
export function NetworkUsers() {
  const { t } = useUsersTranslation();
  const errorText = useErrorText();
  const me = useAuthStore(selectUser);
  const all = isProviderAdmin(me);
  const [version, setVersion] = useState(0);
  const mayManage = mayManageUsers(me);
  const users = useNetworkUsers(all, version, mayManage);
  const [editing, setEditing] = useState<NetworkUser | null | 'new'>(null);
  const [deleting, setDeleting] = useState<NetworkUser | null>(null);
  const [onEdit] = useState(() => (u: NetworkUser) => setEditing(u));
  const [onDelete] = useState(() => (u: NetworkUser) => setDeleting(u));
  const columns = useColumns(all, onEdit, onDelete, me?._id);

  if (!mayManage) {
    return <ErrorState title={t('title')} message={t('errors.forbidden', { ns: 'translation' })} />;
  }

  const description = all ? t('descriptionAll') : t('description', { network: me?.network?.name ?? '' });
  return (
    <Box>
      <PageHeader title={t('title')} description={description} actions={<Button onClick={() => setEditing('new')}>{t('actions.create')}</Button>} />
      {users.error && !users.data ? (
        <ErrorState title={t('loadFailed')} message={errorText.error(users.error)} onRetry={users.reload} />
      ) : !users.data ? (
        <LoadingState label={t('common.loading', { ns: 'translation' })} />
      ) : users.data.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <DataTable
          label={t('tableLabel')}
          columns={columns}
          data={users.data}
          getRowId={(u) => u._id}
          initialSorting={[{ id: 'username', desc: false }]}
          busy={users.loading}
          pageSize={50}
        />
      )}
      <UserFormDialog
        open={editing !== null}
        user={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          toaster.create({ type: 'success', title: t(editing === 'new' ? 'saved.created' : 'saved.updated', { username: saved.username }) });
          setEditing(null);
          setVersion((v) => v + 1);
        }}
      />
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          toaster.create({ type: 'success', title: t('saved.deleted', { username: deleting?.username ?? '' }) });
          setDeleting(null);
          setVersion((v) => v + 1);
        }}
      />
    </Box>
  );
}
