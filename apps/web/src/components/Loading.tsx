import { Center, Loader } from '@mantine/core';

/** The centred spinner shown while a page or the signed-in user loads. */
export function FullPageLoader() {
  return (
    <Center h="100dvh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}

/** The same spinner inside a layout, while one page's code arrives. */
export function SectionLoader() {
  return (
    <Center py="xl" mih={240}>
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
