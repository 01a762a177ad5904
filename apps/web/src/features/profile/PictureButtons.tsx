import { type UserInfo, userInfoSchema } from '@easio/shared';
import { Button, FileButton, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editProfile } from '../../api/auth';
import { errorMessage } from '../../api/error-message';
import { storeMe } from '../../api/queries';
import { apiUpload } from '../../api/upload';
import { toastError, toastSuccess } from '../../lib/toast';

/** Upload a profile picture (the server keeps it small and square), or remove it. */
export function PictureButtons({ info }: { info: UserInfo }) {
  const queryClient = useQueryClient();
  const done = (message: string) => (saved: UserInfo) => {
    storeMe(queryClient, saved);
    toastSuccess(message);
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('picture', file);
      return apiUpload('/account/picture', form, userInfoSchema);
    },
    onSuccess: done('Picture saved'),
    onError: (error) => toastError(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => editProfile({ picture: '' }),
    onSuccess: done('Picture removed'),
    onError: (error) => toastError(errorMessage(error)),
  });
  return (
    <Group gap="xs">
      <FileButton onChange={(file) => file && upload.mutate(file)} accept="image/*">
        {(props) => (
          <Button {...props} variant="default" size="xs" loading={upload.isPending}>
            Change picture
          </Button>
        )}
      </FileButton>
      {info.picture && (
        <Button
          variant="subtle"
          size="xs"
          color="gray"
          onClick={() => remove.mutate()}
          loading={remove.isPending}
        >
          Remove picture
        </Button>
      )}
    </Group>
  );
}
